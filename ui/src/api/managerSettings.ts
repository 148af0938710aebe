import type { BackupInfo } from '../../../src/contract/backups'
import type { ConnectInfo } from '../../../src/contract/connect'
import type { ManagerSettings, SettingsPatch } from '../../../src/contract/settings'
import { call, callFile } from './client'

export const getManagerSettings = (signal?: AbortSignal) => call<ManagerSettings>('GET', '/manager/settings', { signal })

/** Every field is validated by the server; on any error nothing changes. */
export const saveManagerSettings = (patch: SettingsPatch) => call<ManagerSettings>('PUT', '/manager/settings', { body: patch })

export const listBackups = (signal?: AbortSignal) => call<BackupInfo[]>('GET', '/manager/settings/backup', { signal })

export const createBackup = () => call<BackupInfo>('POST', '/manager/settings/backup')

/** The backup file, fetched with the bearer token (a plain link would carry none). */
export const downloadBackup = (name: string) => callFile(`/manager/settings/backup/${encodeURIComponent(name)}`)

export const getConnectInfo = (signal?: AbortSignal) => call<ConnectInfo>('GET', '/manager/connect', { signal })
