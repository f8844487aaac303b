/** Process set-up the command line shares with the engine: the proxy variables, as curl reads them. */
export { proxyEnvironment } from '../../connection/proxy-env';
