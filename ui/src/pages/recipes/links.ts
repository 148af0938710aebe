// The recipe editor's addresses, and the state a link from the list leaves in history.

/** A link to a recipe carries it, so leaving the editor steps Back to the list as it was (its tab, its page). */
export const FROM_LIST = { from: 'recipes' } as const

export const recipeHref = (id: number | null) => (id === null ? '/recipes/new' : `/recipes/${id}`)

/** Opened from the list (this history entry carries FROM_LIST), not by its address. */
export const openedFromList = () => (history.state as { from?: string } | null)?.from === FROM_LIST.from
