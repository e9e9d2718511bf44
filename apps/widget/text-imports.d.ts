/** Style sheets imported as text (`with { type: "text" }`), which Bun.build inlines. */
declare module "*.css" {
  const text: string;
  export default text;
}
