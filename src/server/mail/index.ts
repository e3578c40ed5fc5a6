export { createMailer } from './mailer';
export type { Mailer, MailerConfig, MailerOptions } from './mailer';
export type { MailAttachment, MailLogger, MailMessage, SentMail } from './types';
export { isPermanentRejection } from './types';
export {
  acceptedMail,
  declinedMail,
  pendingMail,
  reservationMail,
  resumeUrl,
  saveProgressMail,
} from './templates';
export type { ContractMailData, MailDocument, RenderedMail, Salutation } from './templates';
