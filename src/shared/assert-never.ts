// The default of an exhaustive switch: a value the types say cannot exist.
export function assertNever(value: never, what = 'value'): never {
  throw new Error(`unhandled ${what}: ${JSON.stringify(value)}`);
}
