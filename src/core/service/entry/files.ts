/** Files the command line writes (reports, exports) and checks (an output path's type), as the engine does. */
export { fileType } from '../../files/file-type';
export { writeFileAtomic } from '../../workspace/atomic-write';
