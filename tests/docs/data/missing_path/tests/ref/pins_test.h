// Pins S1, S2 and S3.
