import { useState, type FormEvent } from 'react';
import type { DocumentRow } from '@steward/contract/documents';
import { errorMessage } from '../../../components/form/error-message.ts';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { FormModal } from '../../../components/form/form-modal.tsx';
import { useReplaceDocumentFile } from '../api/replace-document-file.ts';
import { failed, IDLE, replacementProgress, WAITING, type UploadProgress } from '../upload-progress.ts';
import { DocumentDropZone } from './document-drop-zone.tsx';
import { UploadProgressBar } from './upload-progress-bar.tsx';

/**
 * A new version of a document's file (.txt, .csv or .pdf), sent with its progress. Once the server has
 * it the modal closes and the card shows the replacement in progress; the current version keeps
 * answering the bot until the new one is indexed.
 */
export function ReplaceFileModal({ document, onClose }: { document: DocumentRow; onClose: () => void }) {
  const replace = useReplaceDocumentFile(document.id);
  const [file, setFile] = useState<File>();
  const [progress, setProgress] = useState<UploadProgress>(IDLE);
  const [error, setError] = useState<string>();
  const busy = replace.isPending;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file) return;
    setError(undefined);
    let reached = WAITING;
    const report = (next: UploadProgress) => {
      reached = next;
      setProgress(next);
    };
    report(WAITING);
    try {
      await replace.mutateAsync({ file, onProgress: (sent) => report(replacementProgress(sent)) });
      onClose();
    } catch (failure) {
      setProgress(failed(reached));
      setError(errorMessage(failure));
    }
  };

  const id = `replace-document-${document.id}`;
  return (
    <FormModal
      titleId={`${id}-title`}
      title="Replace file"
      busy={busy}
      onSubmit={onSubmit}
      onClose={onClose}
      submitLabel="Replace"
      busyLabel="Replacing..."
      submitDisabled={!file}
    >
      <p className="breakable">
        Current file: <strong>{document.filename}</strong>
      </p>
      <DocumentDropZone label="New version of the file" maxFiles={1} disabled={busy} onFilesAccepted={([chosen]) => setFile(chosen)} />
      {file ? <p className="breakable">New file: {file.name}</p> : null}
      <UploadProgressBar id={`${id}-progress`} progress={progress} />
      <FormAlert error={error} below />
    </FormModal>
  );
}
