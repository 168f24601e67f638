// Pins S1 only.
