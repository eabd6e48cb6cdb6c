// A software WebAuthn authenticator for the API tests: an ES256 key pair that answers
// registration ("none" attestation) and authentication options the way a security key does,
// with a signature counter. Its answers carry toJSON, as browsers' credentials do, so
// supabase-js serialises them unchanged.
import crypto from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => crypto.createHash('sha256').update(data).digest();
const toBytes = (value: ArrayBuffer | ArrayBufferView | string): Buffer =>
  typeof value === 'string'
    ? Buffer.from(value, 'base64url')
    : ArrayBuffer.isView(value)
      ? Buffer.from(value.buffer, value.byteOffset, value.byteLength)
      : Buffer.from(value);

interface Options {
  challenge: ArrayBuffer | ArrayBufferView | string;
  rp?: { id?: string };
  rpId?: string;
  user?: { id: ArrayBuffer | ArrayBufferView | string };
}

export class SoftAuthenticator {
  readonly keys = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  readonly credentialId = crypto.randomBytes(16);
  counter = 0;
  /** The user handle a registration gave it; assertions carry it, as a resident key does. */
  userHandle: string | undefined;

  constructor(
    readonly rpId: string,
    readonly origin: string,
  ) {}

  private authData(flags: number, attested?: Buffer): Buffer {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    return Buffer.concat([sha256(this.rpId), Buffer.from([flags]), counter, ...(attested ? [attested] : [])]);
  }

  private clientData(type: string, challenge: Options['challenge'], origin: string): Buffer {
    return Buffer.from(
      JSON.stringify({ type, challenge: b64url(toBytes(challenge)), origin, crossOrigin: false }),
    );
  }

  /** An attestation for navigator.credentials.create() options; origin may be overridden (phishing). */
  create(options: Options, origin = this.origin) {
    if (options.user) this.userHandle = b64url(toBytes(options.user.id));
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    const cose = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([
      Buffer.alloc(16),
      idLength,
      this.credentialId,
      Buffer.from(isoCBOR.encode(cose)),
    ]);
    const authData = this.authData(0x45, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]) as never,
    );
    const json = {
      id: b64url(this.credentialId),
      rawId: b64url(this.credentialId),
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge, origin)),
        attestationObject: b64url(attestationObject),
        transports: ['usb'],
      },
    };
    return { ...json, toJSON: () => json };
  }

  /** An assertion for navigator.credentials.get() options; the counter goes up by one. */
  get(options: Options, origin = this.origin) {
    this.counter += 1;
    const authData = this.authData(0x05);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, origin);
    const signature = crypto.sign(
      'sha256',
      Buffer.concat([authData, sha256(clientDataJSON)]),
      this.keys.privateKey,
    );
    const json = {
      id: b64url(this.credentialId),
      rawId: b64url(this.credentialId),
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
    };
    return { ...json, toJSON: () => json };
  }
}
