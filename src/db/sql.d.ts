// Migrations are imported as text so that they live inside the compiled executable.
declare module '*.sql' {
  const text: string
  export default text
}
