import { Component, type ReactNode } from 'react'
import { isChunkLoadError, retryFailedPages } from '../../lib/lazyPage'
import { UI } from '../../messages/common'
import { LoadError } from '../LoadError'

interface State {
  error: unknown
}

/**
 * Around every route inside the layout: a page that fails (its code cannot be fetched, or it throws)
 * shows a message and Retry in place of the page, with the header and menu still there. `resetKey`
 * (the path) clears the failure when the person goes elsewhere from the menu.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, State> {
  state: State = { error: null }

  static getDerivedStateFromError(error: unknown): State {
    return { error }
  }

  componentDidUpdate(prev: { resetKey: string }) {
    if (prev.resetKey !== this.props.resetKey && this.state.error) {
      retryFailedPages()
      this.setState({ error: null })
    }
  }

  retry = () => {
    retryFailedPages()
    this.setState({ error: null })
  }

  render() {
    const { error } = this.state
    if (!error) return this.props.children
    const unreachable = isChunkLoadError(error)
    return (
      <div className="mx-auto max-w-xl py-8" data-testid="route-error">
        <LoadError error={unreachable ? UI.unreachable : UI.pageFailed} detail={unreachable ? UI.unreachableDetail : error instanceof Error ? error.message : null} retry={this.retry} />
      </div>
    )
  }
}
