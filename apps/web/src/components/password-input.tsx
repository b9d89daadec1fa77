import { forwardRef, useState, type ComponentPropsWithoutRef } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';

type PasswordInputProps = Omit<ComponentPropsWithoutRef<'input'>, 'type' | 'size' | 'value'> & {
  isInvalid?: boolean;
  value?: string;
};

/** A password box with a show/hide toggle. */
export const PasswordInput = forwardRef<HTMLInputElement, PasswordInputProps>(function PasswordInput(
  { isInvalid, ...props },
  ref,
) {
  const [visible, setVisible] = useState(false);
  return (
    <InputGroup hasValidation>
      <Form.Control ref={ref} type={visible ? 'text' : 'password'} isInvalid={isInvalid} {...props} />
      <Button
        variant="outline-secondary"
        onClick={() => setVisible((shown) => !shown)}
        aria-label={visible ? 'Hide password' : 'Show password'}
        aria-pressed={visible}
        aria-controls={props.id}
      >
        {visible ? 'Hide' : 'Show'}
      </Button>
    </InputGroup>
  );
});
