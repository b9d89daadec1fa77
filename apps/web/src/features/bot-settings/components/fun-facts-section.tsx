import { IconExternalLink, IconPencil, IconTrash } from '../../../components/icons.tsx';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { BOT_SETTINGS_MESSAGES, funFactPreview, type FunFactRow } from '@steward/contract/bot-settings';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { useDeleteFunFact } from '../api/delete-fun-fact.ts';
import { useFunFacts } from '../api/get-fun-facts.ts';
import { FunFactEditModal } from './fun-fact-edit-modal.tsx';
import { NewFunFactsForm } from './new-fun-facts-form.tsx';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { ListStatus } from '../../../components/list-status.tsx';

export function FunFactsSection({ mayEdit }: { mayEdit: boolean }) {
  const { data: funFacts, isPending } = useFunFacts();
  const remove = useDeleteFunFact();
  const [editing, setEditing] = useState<FunFactRow>();
  const [deleting, setDeleting] = useState<FunFactRow>();
  const [updated, setUpdated] = useState(false);
  return (
    <Card className="mb-4">
      <Card.Body>
        <h2 className="card-title">Fun Facts</h2>
        {funFacts && funFacts.length > 0 ? (
          <ul className="list-group mb-2" aria-label="Saved fun facts">
            {funFacts.map((funFact) => (
              <li key={funFact.id} className="list-group-item d-flex flex-wrap justify-content-between align-items-center gap-2">
                <div className="text-break">
                  <p className="mb-0">{funFactPreview(funFact.fact)}</p>
                  <a href={funFact.url} target="_blank" rel="noreferrer noopener" className="small text-break">
                    {funFact.url}
                    <IconExternalLink className="ms-1 external-link-icon" size={14} />
                  </a>
                </div>
                {mayEdit ? (
                  <div className="d-flex gap-2">
                    <Button size="sm" variant="outline-primary" aria-label={`Edit fun fact: ${funFact.fact}`} onClick={() => { setUpdated(false); setEditing(funFact); }}>
                      <IconPencil className="me-1" size={16} />
                      Edit
                    </Button>
                    <Button size="sm" variant="outline-danger" aria-label={`Delete fun fact: ${funFact.fact}`} onClick={() => setDeleting(funFact)}>
                      <IconTrash className="me-1" size={16} />
                      Delete
                    </Button>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <ListStatus
            loading={isPending}
            empty={funFacts?.length === 0}
            emptyText="No fun facts yet."
            emptyHint="The chat widget shows one while an answer is on its way. Add them below."
          />
        )}
        <FormAlert success={updated ? BOT_SETTINGS_MESSAGES.funFactUpdated : undefined} below />
        <NewFunFactsForm mayEdit={mayEdit} />
      </Card.Body>
      {editing ? (
        <FunFactEditModal
          funFact={editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            setUpdated(true);
          }}
        />
      ) : null}
      <ConfirmModal
        show={deleting !== undefined}
        type="delete"
        message="Are you sure you want to delete this fun fact?"
        successMessage={BOT_SETTINGS_MESSAGES.funFactDeleted}
        onConfirm={() => remove.mutateAsync(deleting?.id ?? 0)}
        onClose={() => setDeleting(undefined)}
      />
    </Card>
  );
}
