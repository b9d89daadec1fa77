import { IconMessageCircle, IconX } from '../../../components/icons.tsx';
import { textColorOn } from '@steward/contract/chat-constants';

interface WidgetPreviewProps {
  title: string;
  greeting: string;
  accentColor: string;
  suggestedQuestions: readonly string[];
}

const HEX = /^#[0-9a-f]{6}$/i;

/**
 * A picture of the chat widget as visitors will see it with these settings (open, before the first
 * question), drawn as the widget draws it: the accent on the header, the button and the suggestions.
 * It is a preview, not the widget: nothing here talks to the bot.
 */
export function WidgetPreview({ title, greeting, accentColor, suggestedQuestions }: WidgetPreviewProps) {
  const accent = HEX.test(accentColor) ? accentColor : '#0b57b0';
  const onAccent = { backgroundColor: accent, color: textColorOn(accent) };
  return (
    <figure className="widget-preview mb-0" aria-label="Preview of the chat widget">
      <div className="widget-preview-panel rounded-3 shadow-sm overflow-hidden">
        <div className="d-flex align-items-center gap-2 px-3 py-2" style={onAccent}>
          <strong className="flex-grow-1 text-truncate">{title.trim() || 'Chat with us'}</strong>
          <IconX size={18} />
        </div>
        <div className="p-3 d-flex flex-column gap-2">
          <p className="widget-preview-bubble rounded-3 px-3 py-2 mb-0">{greeting.trim() || '…'}</p>
          {suggestedQuestions.filter((question) => question.trim() !== '').length > 0 ? (
            <div className="d-flex flex-wrap gap-1">
              {suggestedQuestions
                .filter((question) => question.trim() !== '')
                .slice(0, 4)
                .map((question) => (
                  <span key={question} className="widget-preview-chip rounded-pill px-2 py-1 small" style={{ borderColor: accent }}>
                    {question}
                  </span>
                ))}
            </div>
          ) : null}
          <div className="widget-preview-input rounded-2 px-2 py-1 small mt-2">Type your question…</div>
        </div>
      </div>
      <div className="d-flex justify-content-end mt-2">
        <span className="d-inline-flex align-items-center gap-1 rounded-pill px-3 py-2 small fw-medium" style={onAccent}>
          <IconMessageCircle size={16} />
          {title.trim() || 'Chat with us'}
        </span>
      </div>
    </figure>
  );
}
