#pragma once
#include <glib.h>
