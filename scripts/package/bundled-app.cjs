// electron-builder's beforeBuild hook. The app folder's bundles already carry every npm package they use, so there is
// nothing to install, rebuild or copy: answering false stops electron-builder from collecting node_modules (it would
// otherwise fall back to the repository's and pack its production dependencies).
module.exports = async () => false;
