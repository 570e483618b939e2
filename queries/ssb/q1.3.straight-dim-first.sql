-- Q1.3, STRAIGHT_JOIN with dim_date first: reads dim_date, then lineorder through its LO_OrderDateKey index.
select straight_join sum(lo_extendedprice*lo_discount) as revenue
from dim_date
join lineorder on lo_orderdatekey = d_datekey
where d_weeknuminyear = 6 and d_year = 1994 and lo_discount between 5 and 7 and lo_quantity between 26 and 35;
