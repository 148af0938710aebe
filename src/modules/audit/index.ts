/** The audit module's face: the one writer of the audit log. */
export { recordAudit } from './audit'
