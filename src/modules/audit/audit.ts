import type { Db } from '../../db/open'

/** Records a change to users, roles or settings. Details never hold a secret. */
export function recordAudit(
  db: Db,
  entry: { userId: number | null; action: string; entity: string; entityId?: number | null; details?: unknown; at: string },
) {
  db.query(
    `INSERT INTO audit_log (user_id, action, entity, entity_id, details, created_at)
     VALUES ($userId, $action, $entity, $entityId, $details, $at)`,
  ).run({
    userId: entry.userId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    details: entry.details === undefined ? null : JSON.stringify(entry.details),
    at: entry.at,
  })
}
