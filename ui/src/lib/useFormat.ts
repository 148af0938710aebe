import { useMemo } from 'react'
import { useDisplaySettings } from './display'
import { formatDate, formatDateTime, formatMoney, formatQuantity } from './format'

/** Formatters bound to the restaurant's display settings. */
export function useFormat() {
  const s = useDisplaySettings()
  return useMemo(
    () => ({
      money: (v: number | null | undefined) => formatMoney(v, s),
      quantity: (v: number | null | undefined, unit?: string | null) => formatQuantity(v, unit, s.locale),
      date: (v: string | null | undefined) => formatDate(v, s),
      dateTime: (v: string | null | undefined) => formatDateTime(v, s),
    }),
    [s],
  )
}
