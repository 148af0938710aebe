// Categories' one face: other modules import from here only; the categories table is written by this module alone.
export { createCategoryService, type CategoryService } from './service'
export { upsertCategory, allCategories, findCategory } from './repo'
