import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { LIST_FILTER_MESSAGES, type ListFilterKey } from '@steward/contract/list-filters';
import { hasListFilters, isValidFilterValue, type ListFilterValues } from './list-filter-query.ts';

interface ListFilterBarProps {
  /** The list's name, for the form's label: "Filter the history". */
  listName: string;
  /** The filters this list offers, in the order shown. */
  keys: readonly ListFilterKey[];
  values: ListFilterValues;
  onChange: (values: ListFilterValues) => void;
}

const SELECTS: Partial<Record<ListFilterKey, { label: string; options: readonly (readonly [string, string])[] }>> = {
  rating: { label: 'Rating', options: [['', 'Any rating'], ['up', 'Thumb up'], ['down', 'Thumb down']] },
  coverage_gaps: { label: 'Coverage gap', options: [['', 'All questions'], ['true', 'Coverage gaps only']] },
  help_request: { label: 'Help request', options: [['', 'Any'], ['true', 'With a help request'], ['false', 'Without']] },
};

const TEXTS: Partial<Record<ListFilterKey, { label: string; placeholder: string; invalid: string; type: string; maxLength: number }>> = {
  origin: { label: 'Site', placeholder: 'https://shop.example.com', invalid: LIST_FILTER_MESSAGES.originInvalid, type: 'url', maxLength: 300 },
  country: { label: 'Country', placeholder: 'DE', invalid: LIST_FILTER_MESSAGES.countryInvalid, type: 'text', maxLength: 2 },
};

/**
 * The triage filters of a list (issue 40): days, selects that apply at once, and text fields (site, country)
 * that apply on Enter or when left. Every change goes into the URL through `onChange`.
 */
export function ListFilterBar({ listName, keys, values, onChange }: ListFilterBarProps) {
  const set = (key: ListFilterKey, value: string) =>
    onChange(Object.fromEntries(Object.entries({ ...values, [key]: value }).filter(([, kept]) => kept !== '')));
  const id = (key: string) => `${listName.toLowerCase().replace(/\s+/g, '-')}-filter-${key}`;

  return (
    <Form aria-label={`Filter the ${listName.toLowerCase()}`} className="card-body border-bottom" onSubmit={(event) => event.preventDefault()}>
      <Row className="g-2 align-items-end">
        {keys.map((key) => {
          if (key === 'from' || key === 'to') {
            return (
              <Col key={key} xs={6} md={2}>
                <Form.Group controlId={id(key)}>
                  <Form.Label>{key === 'from' ? 'From' : 'To'}</Form.Label>
                  <Form.Control
                    type="date"
                    value={values[key] ?? ''}
                    {...(key === 'from' ? { max: values.to } : { min: values.from })}
                    onChange={(event) => set(key, event.target.value)}
                  />
                </Form.Group>
              </Col>
            );
          }
          const select = SELECTS[key];
          if (select) {
            return (
              <Col key={key} xs={6} md={2}>
                <Form.Group controlId={id(key)}>
                  <Form.Label>{select.label}</Form.Label>
                  <Form.Select value={values[key] ?? ''} onChange={(event) => set(key, event.target.value)}>
                    {select.options.map(([value, label]) => (
                      <option key={value} value={value}>
                        {label}
                      </option>
                    ))}
                  </Form.Select>
                </Form.Group>
              </Col>
            );
          }
          const text = TEXTS[key];
          return text ? (
            <Col key={key} xs={key === 'country' ? 6 : 12} md={key === 'country' ? 1 : 3}>
              <TextFilter id={id(key)} {...text} value={values[key] ?? ''} onApply={(value) => set(key, value)} isValid={(value) => isValidFilterValue(key, value)} />
            </Col>
          ) : null;
        })}
        <Col xs={12} md="auto">
          <Button variant="outline-secondary" className="w-100" disabled={!hasListFilters(values)} onClick={() => onChange({})}>
            Clear filters
          </Button>
        </Col>
      </Row>
    </Form>
  );
}

interface TextFilterProps {
  id: string;
  label: string;
  placeholder: string;
  invalid: string;
  type: string;
  maxLength: number;
  value: string;
  onApply: (value: string) => void;
  isValid: (value: string) => boolean;
}

/** A text filter applied on Enter or blur; a value the server would refuse stays here with its message. */
function TextFilter({ id, label, placeholder, invalid, type, maxLength, value, onApply, isValid }: TextFilterProps) {
  const [draft, setDraft] = useState(value);
  const [shownValue, setShownValue] = useState(value);
  // The URL changed (back, Clear filters): show what it holds.
  if (shownValue !== value) {
    setShownValue(value);
    setDraft(value);
  }
  const trimmed = draft.trim();
  const wrong = trimmed !== '' && !isValid(trimmed);
  const apply = () => {
    if (!wrong && trimmed !== value) onApply(trimmed);
  };
  return (
    <Form.Group controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type={type}
        value={draft}
        placeholder={placeholder}
        maxLength={maxLength}
        isInvalid={wrong}
        aria-describedby={wrong ? `${id}-invalid` : undefined}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={apply}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            apply();
          }
        }}
      />
      <Form.Control.Feedback type="invalid" id={`${id}-invalid`}>
        {invalid}
      </Form.Control.Feedback>
    </Form.Group>
  );
}
