import { IconUpload } from '../../../components/icons.tsx';
import { useState } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { DOCUMENT_EXTENSIONS, DOCUMENT_MIME_TYPES } from '@steward/contract/documents';

interface DocumentDropZoneProps {
  /** Names the file input. */
  label: string;
  /** How many files one drop may add; react-dropzone refuses more with "Too many files". */
  maxFiles: number;
  disabled?: boolean;
  onFilesAccepted: (files: File[]) => void;
}

/**
 * Drag and drop (or click to choose) .txt, .csv and .pdf files. Refused files are listed with
 * react-dropzone's own messages ("File type must be …", "Too many files").
 */
export function DocumentDropZone({ label, maxFiles, disabled = false, onFilesAccepted }: DocumentDropZoneProps) {
  const [rejections, setRejections] = useState<FileRejection[]>([]);
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept: DOCUMENT_MIME_TYPES,
    maxFiles,
    multiple: maxFiles !== 1,
    disabled,
    onDrop: (accepted, rejected) => {
      setRejections(rejected);
      if (accepted.length > 0) onFilesAccepted(accepted);
    },
  });
  return (
    <div className="mb-3 position-relative">
      <div
        {...getRootProps({
          className: `document-drop-zone${isDragActive ? ' is-drag-active' : ''}${disabled ? ' is-disabled' : ''}`,
          role: 'button',
          'aria-disabled': disabled,
        })}
      >
        <IconUpload className="mb-2 text-body-secondary" size={28} />
        <p className="mb-0">
          {isDragActive ? 'Drop the files here.' : `Drag and drop files here, or click to choose (${DOCUMENT_EXTENSIONS.join(', ')}).`}
        </p>
      </div>
      {/* Beside the drop area, not in it: a control inside a role="button" is a nested interactive control (axe). */}
      <input {...getInputProps({ 'aria-label': label })} />
      {rejections.length > 0 ? (
        // The alert wraps the list: a <ul> with role="alert" is no longer a list (axe: aria-allowed-role, listitem).
        <div role="alert">
          <ul className="list-unstyled text-danger-emphasis small mt-2 mb-0">
            {rejections.map(({ file, errors }, index) => (
              <li key={`${index}-${file.name}`} className="breakable">
                {file.name}: {errors.map((error) => error.message).join(' ')}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
