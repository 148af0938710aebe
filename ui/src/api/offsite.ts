import type { OffsitePatch, OffsiteRunResult, OffsiteSettings, OffsiteStatus, OffsiteTestResult } from '../../../src/contract/offsite'
import { call } from './client'

export const getOffsiteSettings = (signal?: AbortSignal) => call<OffsiteSettings>('GET', '/manager/settings/offsite', { signal })
export const saveOffsiteSettings = (patch: OffsitePatch) => call<OffsiteSettings>('PUT', '/manager/settings/offsite', { body: patch })
export const testOffsite = () => call<OffsiteTestResult>('POST', '/manager/settings/offsite/test')
export const publishOffsite = () => call<OffsiteRunResult>('POST', '/manager/settings/offsite/run')
export const getOffsiteStatus = (signal?: AbortSignal) => call<OffsiteStatus>('GET', '/manager/settings/offsite/status', { signal })
