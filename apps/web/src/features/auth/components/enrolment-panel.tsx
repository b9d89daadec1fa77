import type { SecondFactorEnrolment } from '@steward/contract/second-factor';
import { SecondFactorCodeForm } from './second-factor-code-form.tsx';

/** Setting up an authenticator app: the QR code, the key to type instead, and the first code to confirm it. */
export function EnrolmentPanel({ enrolment, onConfirm }: { enrolment: SecondFactorEnrolment; onConfirm: (code: string) => Promise<void> }) {
  return (
    <div>
      <p>Scan this QR code with your authenticator app, or type the key below into it. Then enter the code the app shows.</p>
      <img className="d-block mb-3 bg-white p-1 rounded" width={200} height={200} alt="QR code for your authenticator app" src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qr_svg)}`} />
      <p className="mb-1">Key</p>
      <p>
        <code data-testid="second-factor-key" className="fs-5">
          {enrolment.manual_key}
        </code>
      </p>
      <SecondFactorCodeForm id="enrol-code" action="Confirm" onCode={onConfirm} />
    </div>
  );
}
