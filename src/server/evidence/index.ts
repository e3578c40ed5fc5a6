// Evidence files of claims (issue 26 item 2, ADR 1250): the public API for the claims module.
// docs/how-to.md "Take evidence files" shows how a claim form and an answer use it.
export type { BlobStore, Blob, BlobStoreKind } from './blobStore';
export type { EvidenceConfig, S3Settings } from './config';
export {
  evidenceDeps,
  storeEvidence,
  storeEvidenceFiles,
  listEvidence,
  evidenceLink,
  evidenceUploadLink,
  deleteEvidenceFile,
  deleteEvidenceOf,
  type EvidenceDeps,
  type EvidenceFile,
  type EvidenceLink,
  type EvidenceRefusal,
  type IncomingFile,
  type StoreResult,
} from './service';
export { registerEvidenceMultipart, readEvidenceUpload, type UploadReading } from './upload';
export { registerEvidenceRoutes } from './routes';
export { evidenceErrorStatus } from '../../domain/evidence/rules';
