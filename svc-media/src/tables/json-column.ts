/** A JSON column's object. `any` values because TypeORM's update typing cannot map `unknown` ones. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type JsonObject = Record<string, any>;
