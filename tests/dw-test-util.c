#include "dw-test-util.h"
