/* A global with its own section cannot be moved to the saved sections. */
int placed __attribute__((section("my_data"))) = 1;
// EXPECT-ERROR: 2:5: variable 'placed' has its own section attribute
