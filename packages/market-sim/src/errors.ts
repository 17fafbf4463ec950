/** Asked for an instrument the universe does not have; the server answers `product.not_found`. */
export class UnknownInstrumentError extends Error {
  readonly code = 'product.not_found';

  constructor(readonly instrumentId: string) {
    super(`market-sim: unknown instrument "${instrumentId}"`);
    this.name = 'UnknownInstrumentError';
  }
}
