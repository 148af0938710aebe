import { useMemo } from 'react'
import { useDisplaySettings } from './display'
import { formatCell, formatCost, formatDate, formatDateTime, formatDay, formatMoney, formatNumber, formatQuantity } from './format'

/** Formatters bound to the restaurant's display settings. */
export function useFormat() {
  const s = useDisplaySettings()
  return useMemo(
    () => ({
      money: (v: number | null | undefined) => formatMoney(v, s),
      /** A cost per unit: 0.007 stays 0.007 (money would round it to 0.01). */
      cost: (v: number | null | undefined) => formatCost(v, s),
      quantity: (v: number | null | undefined, unit?: string | null) => formatQuantity(v, unit, s.locale),
      date: (v: string | null | undefined) => formatDate(v, s),
      dateTime: (v: string | null | undefined) => formatDateTime(v, s),
      /** A short calendar day ('25 Oct'): chart axes and legends. */
      day: (v: string) => formatDay(v, s),
      number: (v: number | null | undefined) => formatNumber(v, s.locale),
      /** A report cell: ISO dates and instants in the locale and zone, the rest as sent. */
      cell: (v: string | number | null | undefined) => formatCell(v, s),
      locale: s.locale,
    }),
    [s],
  )
}
