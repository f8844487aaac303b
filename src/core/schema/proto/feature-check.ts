import type { DescFile } from '@bufbuild/protobuf';
import type { FeatureResolver } from './feature-resolver';
import type { LinkRecords } from './link-records';
import type { Problems } from './problems';

/** What the checks of one file share. */
export interface FeatureCheck {
  file: DescFile;
  records: LinkRecords;
  resolver: FeatureResolver;
  problems: Problems;
}
