export { createMailer } from './mailer';
export type { Mailer } from './mailer';
export type { MailAttachment } from './types';
export { isPermanentRejection } from './types';
export {
  acceptedMail,
  declinedMail,
  pendingMail,
  reservationMail,
  resumeUrl,
  saveProgressMail,
} from './templates';
export type { ContractMailData, MailDocument, RenderedMail } from './templates';
