import type { SourceDoc } from '@steward/contract/history';
import { ExternalLink } from '../../../components/external-link.tsx';

/** Title and address of one cited document, from its metadata or its plain string. */
const describe = (doc: SourceDoc): { title: string; url: string | undefined } =>
  typeof doc === 'string'
    ? { title: doc, url: doc }
    : { title: doc.metadata.filename || doc.metadata.source_url || '', url: doc.metadata.source_url };

/** The source documents of a bot answer as links (http(s) only), or "n/a" when there are none. */
export function SourceDocumentLinks({ docs }: { docs: readonly SourceDoc[] }) {
  const described = docs.map(describe).filter((doc) => doc.title !== '');
  if (described.length === 0) return <span>n/a</span>;
  return (
    <ul className="list-unstyled mb-0">
      {described.map((doc, index) => (
        <li key={index}>
          <ExternalLink href={doc.url}>{doc.title}</ExternalLink>
        </li>
      ))}
    </ul>
  );
}
