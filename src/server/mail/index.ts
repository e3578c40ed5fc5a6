export { createMailer } from './mailer';
export type { Mailer, MailerConfig, MailerOptions } from './mailer';
export type { MailAttachment, MailLogger, MailMessage, SentMail } from './types';
export {
  acceptedMail,
  declinedMail,
  pendingMail,
  reservationMail,
  resumeUrl,
  saveProgressMail,
} from './templates';
export type { ContractMailData, RenderedMail, Salutation } from './templates';
