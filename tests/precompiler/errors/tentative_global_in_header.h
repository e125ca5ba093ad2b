/* Included by tentative_global_in_header.c. */
int counter_in_header;
static int hidden_in_header;
