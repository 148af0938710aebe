import type { DisplaySettings } from '../../../src/contract/settings'
import { call } from './client'

export const getDisplaySettings = () => call<DisplaySettings>('GET', '/settings/display', { auth: false })
