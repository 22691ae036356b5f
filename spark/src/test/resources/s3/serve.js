// An S3-compatible server for FleetOnS3Test: s3rver (npm) on 127.0.0.1, an ephemeral port, its
// objects under the directory given, the bucket "logs" made. Prints "listening PORT" once it
// accepts connections; stops when its standard input closes (the test ended or died).
const S3rver = require('s3rver');
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true,
  directory: process.argv[2], configureBuckets: [{ name: 'logs' }] });
server.run().then((address) => {
  console.log('listening ' + address.port);
}, (error) => {
  console.error(String(error));
  process.exit(1);
});
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
