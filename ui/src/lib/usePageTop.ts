import { useLayoutEffect, useState, type RefObject } from 'react'

/**
 * The element's distance from the top of the page, kept up to date as what is above it changes height: a window
 * virtualiser's `scrollMargin` for a list that does not start at the top.
 */
export function usePageTop(ref: RefObject<HTMLElement | null>) {
  const [top, setTop] = useState(0)
  useLayoutEffect(() => {
    const el = ref.current
    if (!el) return
    const measure = () => {
      const at = Math.round(el.getBoundingClientRect().top + window.scrollY)
      setTop((t) => (t === at ? t : at))
    }
    measure()
    const ro = new ResizeObserver(measure)
    ro.observe(document.body)
    return () => ro.disconnect()
  }, [ref])
  return top
}
