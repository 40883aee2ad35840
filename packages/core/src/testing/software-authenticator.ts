import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";
import type { PasskeyAuthenticationResponse, PasskeyRegistrationResponse } from "@aea/domain";
import { isoCBOR } from "@simplewebauthn/server/helpers";

/** What the browser would hand the authenticator: the page's origin and the options' challenge. */
export interface Ceremony {
  challenge: string;
  origin: string;
  rpId: string;
}

/** The ceremony a browser on the site at `publicUrl` would run for this challenge. */
export function ceremonyAt(publicUrl: string, challenge: string): Ceremony {
  const { origin, hostname } = new URL(publicUrl);
  return { challenge, origin, rpId: hostname };
}

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_CREDENTIAL = 0x40;

/**
 * A passkey held in memory, answering as a platform authenticator would (ES256, 'none' attestation),
 * for tests of the server's checks without a browser. Its answers are built byte by byte from the
 * WebAuthn spec, so the server's library checks them as it checks a real device's. `counter` is the
 * signature counter it reports next; a test sets it back to act as a copied authenticator.
 */
export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(16).toString("base64url");
  counter = 1;
  readonly #privateKey: KeyObject;
  readonly #publicKey: KeyObject;

  constructor() {
    const pair = generateKeyPairSync("ec", { namedCurve: "P-256" });
    this.#privateKey = pair.privateKey;
    this.#publicKey = pair.publicKey;
  }

  /** navigator.credentials.create()'s answer; `credentialId` may claim another authenticator's id. */
  register(ceremony: Ceremony, credentialId = this.credentialId): PasskeyRegistrationResponse {
    const id = Buffer.from(credentialId, "base64url");
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const authData = Buffer.concat([
      this.#authDataHead(ceremony.rpId, FLAG_USER_PRESENT | FLAG_USER_VERIFIED | FLAG_ATTESTED_CREDENTIAL),
      Buffer.alloc(16), // AAGUID: none
      idLength,
      id,
      Buffer.from(isoCBOR.encode(this.#coseKey())),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", new Uint8Array(authData)],
      ]) as never,
    );
    return {
      id: credentialId,
      rawId: credentialId,
      type: "public-key",
      clientExtensionResults: {},
      response: {
        clientDataJSON: clientData("webauthn.create", ceremony).toString("base64url"),
        attestationObject: Buffer.from(attestationObject).toString("base64url"),
        transports: ["internal"],
      },
    };
  }

  /** navigator.credentials.get()'s answer: a signature over the authenticator data and the client data. */
  authenticate(ceremony: Ceremony): PasskeyAuthenticationResponse {
    const authData = this.#authDataHead(ceremony.rpId, FLAG_USER_PRESENT | FLAG_USER_VERIFIED);
    const clientDataJSON = clientData("webauthn.get", ceremony);
    const signed = Buffer.concat([authData, createHash("sha256").update(clientDataJSON).digest()]);
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: "public-key",
      clientExtensionResults: {},
      response: {
        clientDataJSON: clientDataJSON.toString("base64url"),
        authenticatorData: authData.toString("base64url"),
        // DER-encoded ECDSA, as WebAuthn's ES256 signatures are.
        signature: sign("sha256", signed, this.#privateKey).toString("base64url"),
      },
    };
  }

  /** RP ID hash, flags and the signature counter (which moves on after each answer). */
  #authDataHead(rpId: string, flags: number): Buffer {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    this.counter += 1;
    return Buffer.concat([createHash("sha256").update(rpId).digest(), Buffer.from([flags]), counter]);
  }

  /** The public key as COSE: EC2 (kty 2), ES256 (alg -7), P-256 (crv 1), x and y. */
  #coseKey(): never {
    const jwk = this.#publicKey.export({ format: "jwk" });
    return new Map<number, unknown>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, new Uint8Array(Buffer.from(jwk.x ?? "", "base64url"))],
      [-3, new Uint8Array(Buffer.from(jwk.y ?? "", "base64url"))],
    ]) as never;
  }
}

function clientData(type: string, { challenge, origin }: Ceremony): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}
