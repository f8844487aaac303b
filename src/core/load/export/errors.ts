import { CallSetupError } from '../../call/errors';

/**
 * A load test that an export cannot express (a setting Locust's grpcio or ghz lacks, too many data rows). A kind of
 * CallSetupError, so every front end already shows its message and hint.
 */
export class LoadExportError extends CallSetupError {
  constructor(message: string, hint?: string) {
    super(message, hint);
    this.name = 'LoadExportError';
  }
}
