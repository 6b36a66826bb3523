//! The fans (番) of Chinese Official rules: their names and points, in the rule book's order.

macro_rules! fan_list {
    ($($v:ident: $id:literal, $en:literal, $zh:literal, $ja:literal, $points:literal;)*) => {
        /// A fan of Chinese Official (MCR, 国标) rules.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Fan {
            $(
                #[doc = concat!($en, " (", $zh, ", ", $points, ")")]
                $v,
            )*
        }

        impl Fan {
            /// Every fan, in the rule book's order (the most points first).
            pub const ALL: &'static [Fan] = &[$(Fan::$v),*];

            /// Its name in requests and JSON answers.
            pub fn id(self) -> &'static str {
                match self { $(Fan::$v => $id),* }
            }

            /// Its English name (as the rule book's English edition gives it).
            pub fn english(self) -> &'static str {
                match self { $(Fan::$v => $en),* }
            }

            /// Its Chinese name.
            pub fn chinese(self) -> &'static str {
                match self { $(Fan::$v => $zh),* }
            }

            /// Its Japanese name: the Chinese name in the kanji the Japanese MCR literature
            /// writes it with (組合竜, 単調将, 坎張, 門前清, 五門斉, 槓 …).
            pub fn japanese(self) -> &'static str {
                match self { $(Fan::$v => $ja),* }
            }

            /// Its points.
            pub fn points(self) -> u32 {
                match self { $(Fan::$v => $points),* }
            }
        }
    };
}

fan_list! {
    BigFourWinds: "big_four_winds", "Big Four Winds", "大四喜", "大四喜", 88;
    BigThreeDragons: "big_three_dragons", "Big Three Dragons", "大三元", "大三元", 88;
    AllGreen: "all_green", "All Green", "绿一色", "緑一色", 88;
    NineGates: "nine_gates", "Nine Gates", "九莲宝灯", "九蓮宝灯", 88;
    FourKongs: "four_kongs", "Four Kongs", "四杠", "四槓", 88;
    SevenShiftedPairs: "seven_shifted_pairs", "Seven Shifted Pairs", "连七对", "連七対", 88;
    ThirteenOrphans: "thirteen_orphans", "Thirteen Orphans", "十三幺", "十三幺", 88;
    AllTerminals: "all_terminals", "All Terminals", "清幺九", "清幺九", 64;
    LittleFourWinds: "little_four_winds", "Little Four Winds", "小四喜", "小四喜", 64;
    LittleThreeDragons: "little_three_dragons", "Little Three Dragons", "小三元", "小三元", 64;
    AllHonors: "all_honors", "All Honors", "字一色", "字一色", 64;
    FourConcealedPungs: "four_concealed_pungs", "Four Concealed Pungs", "四暗刻", "四暗刻", 64;
    PureTerminalChows: "pure_terminal_chows", "Pure Terminal Chows", "一色双龙会", "一色双竜会", 64;
    QuadrupleChow: "quadruple_chow", "Quadruple Chow", "一色四同顺", "一色四同順", 48;
    FourPureShiftedPungs: "four_pure_shifted_pungs", "Four Pure Shifted Pungs", "一色四节高", "一色四節高", 48;
    FourPureShiftedChows: "four_pure_shifted_chows", "Four Pure Shifted Chows", "一色四步高", "一色四歩高", 32;
    ThreeKongs: "three_kongs", "Three Kongs", "三杠", "三槓", 32;
    AllTerminalsAndHonors: "all_terminals_and_honors", "All Terminals and Honors", "混幺九", "混幺九", 32;
    SevenPairs: "seven_pairs", "Seven Pairs", "七对", "七対", 24;
    GreaterHonorsAndKnittedTiles: "greater_honors_and_knitted_tiles", "Greater Honors and Knitted Tiles", "七星不靠", "七星不靠", 24;
    AllEvenPungs: "all_even_pungs", "All Even Pungs", "全双刻", "全双刻", 24;
    FullFlush: "full_flush", "Full Flush", "清一色", "清一色", 24;
    PureTripleChow: "pure_triple_chow", "Pure Triple Chow", "一色三同顺", "一色三同順", 24;
    PureShiftedPungs: "pure_shifted_pungs", "Pure Shifted Pungs", "一色三节高", "一色三節高", 24;
    UpperTiles: "upper_tiles", "Upper Tiles", "全大", "全大", 24;
    MiddleTiles: "middle_tiles", "Middle Tiles", "全中", "全中", 24;
    LowerTiles: "lower_tiles", "Lower Tiles", "全小", "全小", 24;
    PureStraight: "pure_straight", "Pure Straight", "清龙", "清竜", 16;
    ThreeSuitedTerminalChows: "three_suited_terminal_chows", "Three-Suited Terminal Chows", "三色双龙会", "三色双竜会", 16;
    PureShiftedChows: "pure_shifted_chows", "Pure Shifted Chows", "一色三步高", "一色三歩高", 16;
    AllFive: "all_five", "All Five", "全带五", "全帯五", 16;
    TriplePung: "triple_pung", "Triple Pung", "三同刻", "三同刻", 16;
    ThreeConcealedPungs: "three_concealed_pungs", "Three Concealed Pungs", "三暗刻", "三暗刻", 16;
    LesserHonorsAndKnittedTiles: "lesser_honors_and_knitted_tiles", "Lesser Honors and Knitted Tiles", "全不靠", "全不靠", 12;
    KnittedStraight: "knitted_straight", "Knitted Straight", "组合龙", "組合竜", 12;
    UpperFour: "upper_four", "Upper Four", "大于五", "大于五", 12;
    LowerFour: "lower_four", "Lower Four", "小于五", "小于五", 12;
    BigThreeWinds: "big_three_winds", "Big Three Winds", "三风刻", "三風刻", 12;
    MixedStraight: "mixed_straight", "Mixed Straight", "花龙", "花竜", 8;
    ReversibleTiles: "reversible_tiles", "Reversible Tiles", "推不倒", "推不倒", 8;
    MixedTripleChow: "mixed_triple_chow", "Mixed Triple Chow", "三色三同顺", "三色三同順", 8;
    MixedShiftedPungs: "mixed_shifted_pungs", "Mixed Shifted Pungs", "三色三节高", "三色三節高", 8;
    ChickenHand: "chicken_hand", "Chicken Hand", "无番和", "無番和", 8;
    LastTileDraw: "last_tile_draw", "Last Tile Draw", "妙手回春", "妙手回春", 8;
    LastTileClaim: "last_tile_claim", "Last Tile Claim", "海底捞月", "海底撈月", 8;
    OutWithReplacementTile: "out_with_replacement_tile", "Out with Replacement Tile", "杠上开花", "槓上開花", 8;
    RobbingTheKong: "robbing_the_kong", "Robbing The Kong", "抢杠和", "搶槓和", 8;
    AllPungs: "all_pungs", "All Pungs", "碰碰和", "碰碰和", 6;
    HalfFlush: "half_flush", "Half Flush", "混一色", "混一色", 6;
    MixedShiftedChows: "mixed_shifted_chows", "Mixed Shifted Chows", "三色三步高", "三色三歩高", 6;
    AllTypes: "all_types", "All Types", "五门齐", "五門斉", 6;
    MeldedHand: "melded_hand", "Melded Hand", "全求人", "全求人", 6;
    TwoConcealedKongs: "two_concealed_kongs", "Two Concealed Kongs", "双暗杠", "双暗槓", 6;
    TwoDragonsPungs: "two_dragons_pungs", "Two Dragons Pungs", "双箭刻", "双箭刻", 6;
    ConcealedKongAndMeldedKong: "concealed_kong_and_melded_kong", "Concealed Kong and Melded Kong", "明暗杠", "明暗槓", 5;
    OutsideHand: "outside_hand", "Outside Hand", "全带幺", "全帯幺", 4;
    FullyConcealedHand: "fully_concealed_hand", "Fully Concealed Hand", "不求人", "不求人", 4;
    TwoMeldedKongs: "two_melded_kongs", "Two Melded Kongs", "双明杠", "双明槓", 4;
    LastTile: "last_tile", "Last Tile", "和绝张", "和絶張", 4;
    DragonPung: "dragon_pung", "Dragon Pung", "箭刻", "箭刻", 2;
    PrevalentWind: "prevalent_wind", "Prevalent Wind", "圈风刻", "圏風刻", 2;
    SeatWind: "seat_wind", "Seat Wind", "门风刻", "門風刻", 2;
    ConcealedHand: "concealed_hand", "Concealed Hand", "门前清", "門前清", 2;
    AllChows: "all_chows", "All Chows", "平和", "平和", 2;
    TileHog: "tile_hog", "Tile Hog", "四归一", "四帰一", 2;
    DoublePung: "double_pung", "Double Pung", "双同刻", "双同刻", 2;
    TwoConcealedPungs: "two_concealed_pungs", "Two Concealed Pungs", "双暗刻", "双暗刻", 2;
    ConcealedKong: "concealed_kong", "Concealed Kong", "暗杠", "暗槓", 2;
    AllSimples: "all_simples", "All Simples", "断幺", "断幺", 2;
    PureDoubleChow: "pure_double_chow", "Pure Double Chow", "一般高", "一般高", 1;
    MixedDoubleChow: "mixed_double_chow", "Mixed Double Chow", "喜相逢", "喜相逢", 1;
    ShortStraight: "short_straight", "Short Straight", "连六", "連六", 1;
    TwoTerminalChows: "two_terminal_chows", "Two Terminal Chows", "老少副", "老少副", 1;
    PungOfTerminalsOrHonors: "pung_of_terminals_or_honors", "Pung of Terminals or Honors", "幺九刻", "幺九刻", 1;
    MeldedKong: "melded_kong", "Melded Kong", "明杠", "明槓", 1;
    OneVoidedSuit: "one_voided_suit", "One Voided Suit", "缺一门", "缺一門", 1;
    NoHonors: "no_honors", "No Honors", "无字", "無字", 1;
    EdgeWait: "edge_wait", "Edge Wait", "边张", "辺張", 1;
    ClosedWait: "closed_wait", "Closed Wait", "嵌张", "坎張", 1;
    SingleWait: "single_wait", "Single Wait", "单钓将", "単調将", 1;
    SelfDrawn: "self_drawn", "Self-Drawn", "自摸", "自摸", 1;
    FlowerTiles: "flower_tiles", "Flower Tiles", "花牌", "花牌", 1;
}
