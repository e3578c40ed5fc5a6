export { certificatePdf, certificateFilename } from './certificate';
export type { CertificateData } from './certificate';
export { reservationConfirmationPdf, reservationFilename } from './reservationConfirmation';
export type { ReservationConfirmationData } from './reservationConfirmation';
export { guarantor } from './guarantor';
