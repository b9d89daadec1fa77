import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

/**
 * A software WebAuthn authenticator for the API tests: it answers a ceremony's options as a browser with a passkey
 * would (navigator.credentials.create/get, as JSON), with an ES256 key, a "none" attestation, and real
 * authenticatorData and clientDataJSON. Each credential keeps its key and signature counter.
 */

type Options = { challenge: string } & Record<string, unknown>;

export interface SoftCredential {
  id: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  counter: number;
  userHandle: string;
}

// ---- a minimal CBOR encoder (RFC 8949): unsigned and negative integers, byte and text strings, maps ----
function head(major: number, value: number): Buffer {
  if (value < 24) return Buffer.from([(major << 5) | value]);
  if (value < 0x100) return Buffer.from([(major << 5) | 24, value]);
  if (value < 0x10000) return Buffer.from([(major << 5) | 25, value >> 8, value & 0xff]);
  const bytes = Buffer.alloc(5);
  bytes[0] = (major << 5) | 26;
  bytes.writeUInt32BE(value, 1);
  return bytes;
}
type Cbor = number | string | Buffer | Map<Cbor, Cbor>;
function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  return Buffer.concat([head(5, value.size), ...[...value].flatMap(([key, item]) => [cbor(key), cbor(item)])]);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer) => data.toString('base64url');

/** The flags byte of authenticatorData: user present, user verified, backup eligible and state, attested data. */
const FLAG = { up: 0x01, uv: 0x04, be: 0x08, bs: 0x10, at: 0x40 } as const;

export interface AuthenticatorSettings {
  /** The page's origin, as the browser writes it into clientDataJSON. */
  origin: string;
  /** The RP ID the credential is scoped to (its SHA-256 starts authenticatorData). */
  rpId: string;
  /** Whether the authenticator verifies the user (a PIN, a fingerprint). */
  userVerified?: boolean;
}

export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];
  constructor(private settings: AuthenticatorSettings) {}

  /** As the browser on another page would (a phishing site relaying the options). */
  withOrigin(origin: string): SoftAuthenticator {
    const other = new SoftAuthenticator({ ...this.settings, origin });
    other.credentials.push(...this.credentials);
    return other;
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.settings.origin, crossOrigin: false }));
  }

  private authData(flags: number, counter: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(this.settings.rpId), Buffer.from([flags]), count, attested ?? Buffer.alloc(0)]);
  }

  private flags(extra: number): number {
    return FLAG.up | (this.settings.userVerified === false ? 0 : FLAG.uv) | extra;
  }

  /** navigator.credentials.create(): a new ES256 credential, attested with "none". */
  register(options: Options): Record<string, unknown> {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const coseKey = cbor(new Map<Cbor, Cbor>([[1, 2], [3, -7], [-1, 1], [-2, Buffer.from(jwk.x ?? '', 'base64url')], [-3, Buffer.from(jwk.y ?? '', 'base64url')]]));
    const credentialId = randomBytes(16);
    const idLength = Buffer.from([0, credentialId.length]);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, credentialId, coseKey]);
    const authData = this.authData(this.flags(FLAG.at | FLAG.be | FLAG.bs), 0, attested);
    const attestationObject = cbor(new Map<Cbor, Cbor>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]));
    const user = options.user as { id: string } | undefined;
    const credential: SoftCredential = { id: b64url(credentialId), privateKey, publicKey, counter: 0, userHandle: user?.id ?? '' };
    this.credentials.push(credential);
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      response: { clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge)), attestationObject: b64url(attestationObject), transports: ['internal'] },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get(): an assertion with the credential (the last one added unless named), its counter one up. */
  authenticate(options: Options, credential = this.credentials.at(-1)): Record<string, unknown> {
    if (!credential) throw new Error('The soft authenticator has no credential.');
    credential.counter += 1;
    const authData = this.authData(this.flags(FLAG.be | FLAG.bs), credential.counter);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authData), signature: b64url(signature), userHandle: credential.userHandle },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }
}
