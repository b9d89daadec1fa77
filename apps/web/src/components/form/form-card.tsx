import type { FormEventHandler, ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';

interface FormCardProps {
  /** The heading's id: the heading names the form for screen readers. */
  titleId: string;
  title: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  className?: string;
  children: ReactNode;
}

/** A form on a card of its own, under its heading (browser validation off: the contract's rules check it). */
export function FormCard({ titleId, title, onSubmit, className = 'mb-4', children }: FormCardProps) {
  return (
    <Card className={className}>
      <Card.Body>
        <Form noValidate onSubmit={onSubmit} aria-labelledby={titleId}>
          <h2 id={titleId} className="card-title">
            {title}
          </h2>
          {children}
        </Form>
      </Card.Body>
    </Card>
  );
}
