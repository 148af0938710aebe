// The yardstick page of scripts/bench/react-floor.ts: React and react-dom as the app ships them, a screenful of twelve
// inputs and nothing else (no router, session, CSS, data). Once its first render is painted it marks the
// moment and tells the bench, both by the name scripts/bench/lib.ts calls FIGURE_TAKEN (this page is built for the
// browser and cannot import it).
import { useEffect } from 'react'
import { createRoot } from 'react-dom/client'

function Floor() {
  useEffect(() => {
    requestAnimationFrame(() =>
      setTimeout(() => {
        performance.mark('rims-bench:figure-taken')
        console.debug('rims-bench:figure-taken')
      }, 0),
    )
  }, [])
  return (
    <ul>
      {Array.from({ length: 12 }, (_, i) => (
        <li key={i}>
          <input aria-label={`Line ${i + 1}`} defaultValue={i} />
        </li>
      ))}
    </ul>
  )
}

createRoot(document.getElementById('root')!).render(<Floor />)
