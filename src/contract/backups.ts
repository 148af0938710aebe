import { MANAGER_ONLY, type Access } from './access-types'

export interface BackupInfo {
  name: string
  size: number
  created_at: string
  kind: 'manual' | 'scheduled'
  integrity_ok: boolean
}

export const backupsAccess = {
  'GET /api/manager/settings/backup': MANAGER_ONLY,
  'POST /api/manager/settings/backup': MANAGER_ONLY,
  'GET /api/manager/settings/backup/:name': MANAGER_ONLY,
} satisfies Record<string, Access>
