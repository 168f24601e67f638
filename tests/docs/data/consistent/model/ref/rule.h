// S1: the first rule, in one named place.
namespace policy { constexpr int first_rule() { return 1; } }
// Look-alikes that cite nothing: Format::S16, u.S8, SM_80, FMT_S3, 0x5S1, S8/U8, F16 BF16 S16 U16.
enum class Format { S16 = 2, S8 = 4 };
