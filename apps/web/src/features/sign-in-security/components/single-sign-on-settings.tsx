import { Fragment, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { splitDomains, type SsoSettings } from '@steward/contract/single-sign-on';
import { errorMessage } from '../../../components/form/error-message.ts';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { LoadingPlaceholder } from '../../../components/loading-placeholder.tsx';
import { useAdministrators, useSaveSsoSettings, useSsoSettings } from '../api/single-sign-on.ts';

/** Single sign-on on Sign-in security: the environment's settings read-only, then joining domains and SSO only. */
export function SingleSignOnSettings() {
  const settings = useSsoSettings();
  return (
    <div className="card card-body mb-3">
      <h2 className="h4">Single sign-on</h2>
      {settings.isPending ? <LoadingPlaceholder /> : null}
      {settings.data ? <SsoDetails settings={settings.data} /> : null}
      <FormAlert error={settings.isError ? errorMessage(settings.error) : undefined} below />
    </div>
  );
}

function SsoDetails({ settings }: { settings: SsoSettings }) {
  const rows: [string, string][] = [
    ['Provider', settings.provider_name ?? ''],
    ['Issuer', settings.issuer ?? ''],
    ['Client ID', settings.client_id ?? ''],
    ['Scopes', settings.scopes.join(' ')],
    ['Groups claim', settings.groups_claim ?? 'None'],
    ['Group roles', settings.group_roles.map((mapping) => `${mapping.group} → ${mapping.role}`).join(', ') || 'None'],
    ['Redirect URI to register', settings.callback_url],
    ['Post-logout redirect URI', settings.logout_redirect_url],
  ];
  return (
    <>
      {settings.configured ? (
        <p>Staff can sign in with your identity provider. These settings come from the server's environment (OIDC_*).</p>
      ) : (
        <p>Single sign-on is off. Set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET on the server to turn it on, registering this redirect URI at the provider: {settings.callback_url}</p>
      )}
      {settings.configured ? (
        <dl className="row mb-3">
          {rows.map(([term, value]) => (
            <Fragment key={term}>
              <dt className="col-sm-4">{term}</dt>
              <dd className="col-sm-8 text-break">{value}</dd>
            </Fragment>
          ))}
        </dl>
      ) : null}
      {settings.configured ? <SsoPolicyForm settings={settings} /> : null}
    </>
  );
}

function SsoPolicyForm({ settings }: { settings: SsoSettings }) {
  const administrators = useAdministrators();
  const save = useSaveSsoSettings();
  const [domains, setDomains] = useState(settings.join_domains.join(', '));
  const [ssoOnly, setSsoOnly] = useState(settings.sso_only);
  const [breakGlass, setBreakGlass] = useState(new Set(settings.break_glass.map((admin) => admin.id)));
  const toggle = (id: number) => setBreakGlass((current) => new Set(current.has(id) ? [...current].filter((other) => other !== id) : [...current, id]));
  return (
    <Form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ join_domains: splitDomains(domains), sso_only: ssoOnly, break_glass_ids: [...breakGlass] });
      }}
    >
      <Form.Group className="mb-3" controlId="sso-join-domains">
        <Form.Label>Joining domains</Form.Label>
        <Form.Control value={domains} onChange={(event) => setDomains(event.target.value)} placeholder="example.com" />
        <Form.Text>People with a verified email of these domains may join by signing in: as viewers, or with the role their groups give.</Form.Text>
      </Form.Group>
      <Form.Check
        type="switch"
        id="sso-only"
        className="mb-2"
        label="Single sign-on only: no passwords, sign-in links or password resets, but for the administrators below"
        checked={ssoOnly}
        onChange={(event) => setSsoOnly(event.target.checked)}
      />
      <fieldset className="mb-3">
        <legend className="fs-6">Break-glass administrators (may still sign in with a password)</legend>
        {administrators.data?.map((admin) => (
          <Form.Check key={admin.id} id={`break-glass-${admin.id}`} label={`${admin.name} (${admin.email})`} checked={breakGlass.has(admin.id)} onChange={() => toggle(admin.id)} />
        ))}
      </fieldset>
      <Button type="submit" disabled={save.isPending}>
        Save single sign-on
      </Button>
      <FormAlert error={save.isError ? errorMessage(save.error) : undefined} success={save.isSuccess ? 'Saved.' : undefined} below />
    </Form>
  );
}
