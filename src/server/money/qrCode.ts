import type QRCodeModule from 'qrcode';

type QRCode = typeof QRCodeModule;
let loaded: Promise<QRCode> | undefined;

/**
 * qrcode (GiroCodes of the tenant's payments page and the reminder e-mail), loaded at the first
 * code, not at the start: its Reed-Solomon tables cost the main thread ~0.1 s of CPU at every
 * start (ADR 1340, like ADR 1335). A failed load is tried again next time.
 */
export function qrCodeLoaded(): Promise<QRCode> {
  return (loaded ??= import('qrcode').then(
    ({ default: qrcode }) => qrcode,
    (err: unknown) => {
      loaded = undefined;
      throw err;
    },
  ));
}
