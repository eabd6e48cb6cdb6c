// The 6-digit code an authenticator app would show for a TOTP secret.
import * as OTPAuth from 'otpauth';

/** The code shown now, or at `timestamp` (milliseconds). */
export function totpCode(secret: string, timestamp = Date.now()): string {
  return new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret),
    digits: 6,
    period: 30,
    algorithm: 'SHA1',
  }).generate({ timestamp });
}
