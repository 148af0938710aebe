// s3rver ships no types: the tests' local S3-compatible server (issue 36).
declare module 's3rver'
