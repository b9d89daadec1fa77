import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldPath, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage, showCallError } from './error-message.ts';

interface ContractFormOptions<Values extends FieldValues> {
  defaultValues: DefaultValues<Values>;
  /** Fields the server may name: its message shows under them, any other failure in the form alert. */
  errorFields?: readonly FieldPath<Values>[];
  /** Or: every failed call shows under this one field. */
  errorsUnder?: FieldPath<Values>;
}

/**
 * A form checked by the contract's schema (the same one the server validates with). `submitWith(call)`
 * runs the call on valid values and shows its failure where the spec puts it.
 */
export function useContractForm<Values extends FieldValues>(schema: z.ZodType<Values, Values>, options: ContractFormOptions<NoInfer<Values>>) {
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: options.defaultValues });
  const { errors, isSubmitting } = form.formState;
  const submitWith = (call: (values: Values) => Promise<void>) =>
    form.handleSubmit(async (values) => {
      try {
        await call(values);
      } catch (error) {
        if (options.errorsUnder) form.setError(options.errorsUnder, { message: errorMessage(error) });
        else showCallError(form.setError, error, options.errorFields);
      }
    });
  return { ...form, errors, isSubmitting, submitWith };
}
