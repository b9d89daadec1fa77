import { useState } from 'react';
import { errorMessage } from './error-message.ts';

export interface FormOutcome {
  error?: string;
  success?: string;
}

/** A save's outcome for a FormAlert: cleared when a save starts, then its success text or its failure. */
export function useFormOutcome() {
  const [outcome, setOutcome] = useState<FormOutcome>({});
  const save = async (call: () => Promise<unknown>, success: string) => {
    setOutcome({});
    try {
      await call();
      setOutcome({ success });
    } catch (error) {
      setOutcome({ error: errorMessage(error) });
    }
  };
  return { outcome, save, fail: (error: string) => setOutcome({ error }) };
}
